/** Who asked for a change: recorded in the audit trail with it. */
export interface Actor {
  uid: string;
  /** Their name, or their email when the account has none (issue 19). */
  name: string | null;
  idempotencyKey: string | null;
}
