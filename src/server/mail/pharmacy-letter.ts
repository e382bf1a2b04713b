// The frame every patient email shares: the greeting, how to reach the pharmacy, its hours, the
// signature and the automated-message footer. Plain text; each email supplies its own paragraphs.

export interface PharmacyContact {
  name: string;
  phone?: string;
  address?: string;
  hours?: string;
}

export interface PharmacyLetterParts {
  /** The greeting's name; blank or missing gives a bare "Hello,". */
  firstName?: string | null;
  pharmacy: PharmacyContact;
  /** The paragraphs after the greeting. */
  body: readonly string[];
  /** What reaching the pharmacy is for, e.g. "To book a new time" (", please call us at …." follows). */
  reachFor: string;
  /** Paragraphs after the hours, before the signature. */
  closing?: readonly string[];
}

/** The letter's text: its paragraphs separated by a blank line, ending with a newline. */
export function pharmacyLetter(parts: PharmacyLetterParts): string {
  const { pharmacy } = parts;
  const firstName = parts.firstName?.trim();
  const reach: string[] = [];
  if (pharmacy.phone) reach.push(`call us at ${pharmacy.phone}`);
  if (pharmacy.address) reach.push(`visit us at ${pharmacy.address}`);

  const paragraphs = [
    firstName ? `Hello ${firstName},` : 'Hello,',
    ...parts.body,
    `${parts.reachFor}, please ${reach.length > 0 ? reach.join(' or ') : 'contact the pharmacy'}.`,
    ...(pharmacy.hours ? [`Our hours: ${pharmacy.hours}`] : []),
    ...(parts.closing ?? []),
    [pharmacy.name, pharmacy.address, pharmacy.phone].filter(Boolean).join('\n'),
    'This is an automated message; replies to this address are not read.',
  ];
  return `${paragraphs.join('\n\n')}\n`;
}
