// Spec texts that both sides write (kept free of schema code, so the app's bundle stays small).

/** Notify on a transfer that is not completed: the server's 409 message and the app's own alert. */
export const NOTIFY_NEEDS_COMPLETED = 'Please complete the transfer before sending a notification.';
