/** The spec's 'N/A' for a missing value (an email, a phone, a postal code). */
export const orNA = (value: string | null | undefined): string => (value ? value : 'N/A');
