/** Who asked for a change: recorded in the audit trail with it. */
export interface Actor {
  uid: string;
  idempotencyKey: string | null;
}
