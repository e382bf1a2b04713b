/** A missing value (an email, a phone, a postal code) as `notAvailable`: the spec's 'N/A', in the language shown. */
export const orNA = (value: string | null | undefined, notAvailable: string): string => (value ? value : notAvailable);
