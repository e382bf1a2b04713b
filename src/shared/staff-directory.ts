// The staff directory (issue 19, section 3): the staff the server has seen, by name, so "Assign
// to…" offers them on every device, offline too. A synced list without patient data.
import Type, { type Static } from 'typebox';

export const StaffMemberSchema = Type.Object({
  staff_id: Type.Integer(),
  uid: Type.String(),
  /** The staff name (issue 19), or null for an account granted without one. */
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  role: Type.String(),
});
export type StaffMember = Static<typeof StaffMemberSchema>;

/** How a staff member is named in the app: their name, else their email. */
export function staffLabel(member: Pick<StaffMember, 'name' | 'email' | 'uid'>): string {
  return member.name ?? member.email ?? member.uid;
}

/** Who can be assigned: the admins, by name. */
export function assignableStaff(members: readonly StaffMember[]): StaffMember[] {
  return members
    .filter((member) => member.role === 'admin')
    .sort((a, b) => staffLabel(a).localeCompare(staffLabel(b)));
}
