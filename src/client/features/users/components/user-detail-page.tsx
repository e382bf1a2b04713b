export interface UserDetailPageProps {
  userId: string;
}

/** Filled by the users issue; the spec gives this page no heading. */
export function UserDetailPage(_props: UserDetailPageProps) {
  return null;
}
