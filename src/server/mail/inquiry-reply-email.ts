// The email of a staff reply to an inquiry: the pharmacy's name, the person's question quoted
// briefly (so they know which message is answered; the whole of it stays in the pharmacy's
// records) and the reply as staff wrote it. Plain text. Replies to it are not read, so it says
// how to reach the pharmacy instead.
import { pharmacyLetter, type PharmacyContact } from './pharmacy-letter';

export const INQUIRY_REPLY_KIND = 'inquiry_reply';

/** The longest quote of the question, in characters, before an ellipsis. */
export const QUESTION_QUOTE_CHARS = 200;

export interface InquiryReplyEmailInput {
  firstName: string | null;
  question: string;
  reply: string;
  pharmacy: PharmacyContact;
}

/** The question on one line, white space collapsed, cut at a word boundary when long. */
export function quoteQuestion(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= QUESTION_QUOTE_CHARS) return flat;
  const cut = chars.slice(0, QUESTION_QUOTE_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > QUESTION_QUOTE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function inquiryReplyEmail(input: InquiryReplyEmailInput): { subject: string; text: string } {
  const { pharmacy } = input;
  return {
    subject: `Re: your message to ${pharmacy.name}`,
    text: pharmacyLetter({
      firstName: input.firstName,
      pharmacy,
      body: [
        `Thank you for your message to ${pharmacy.name}. You wrote:`,
        `> ${quoteQuestion(input.question)}`,
        'Our reply:',
        input.reply,
      ],
      reachFor: 'If you have more questions',
    }),
  };
}
