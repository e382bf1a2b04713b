// The email of a staff reply to an inquiry: the pharmacy's name, the person's question quoted
// briefly (so they know which message is answered; the whole of it stays in the pharmacy's
// records) and the reply as staff wrote it. Plain text. Replies to it are not read, so it says
// how to reach the pharmacy instead.
import { NBSP, pharmacyLetter, type PatientEmailLanguage, type PharmacyContact } from './pharmacy-letter';

export const INQUIRY_REPLY_KIND = 'inquiry_reply';

/** The longest quote of the question, in characters, before an ellipsis. */
export const QUESTION_QUOTE_CHARS = 200;

export interface InquiryReplyEmailInput {
  firstName: string | null;
  question: string;
  reply: string;
  pharmacy: PharmacyContact;
}

/** The email's own words, given the pharmacy's name. */
interface ReplyWords {
  subject(name: string): string;
  /** Introduces the quoted question. */
  thanks(name: string): string;
  ourReply: string;
  reachFor: string;
}

const WORDS: Record<PatientEmailLanguage, ReplyWords> = {
  en: {
    subject: (name) => `Re: your message to ${name}`,
    thanks: (name) => `Thank you for your message to ${name}. You wrote:`,
    ourReply: 'Our reply:',
    reachFor: 'If you have more questions',
  },
  fr: {
    // A subject of its own: typeset in French, "Re:" would be "Re :", which mail programs do not
    // read as the reply prefix.
    subject: (name) => `Réponse de ${name} à votre message`,
    thanks: (name) => `Merci d'avoir écrit à ${name}. Votre message${NBSP}:`,
    ourReply: `Notre réponse${NBSP}:`,
    reachFor: 'Pour toute autre question',
  },
};

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
  const words = WORDS[pharmacy.language];
  return {
    subject: words.subject(pharmacy.name),
    text: pharmacyLetter({
      firstName: input.firstName,
      pharmacy,
      body: [words.thanks(pharmacy.name), `> ${quoteQuestion(input.question)}`, words.ourReply, input.reply],
      reachFor: words.reachFor,
    }),
  };
}
