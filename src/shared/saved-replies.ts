// Saved replies (issue 19, section 6): texts staff keep for the reply box, shared by the whole
// pharmacy and cached on every device like the other lists. A saved reply holds no patient data:
// its placeholders are filled from the inquiry only when it is put into a reply.
//
// Its key is chosen by the device that creates it (a random whole number), so a reply created
// offline has its key at once and can be edited or deleted before the server has seen it.
import Type, { type Static } from 'typebox';
import { REPLY_MAX_CHARS } from './inquiry-api';
import { RecordIdParamSchema } from './prescription-api';

export const SavedReplySchema = Type.Object({
  saved_reply_id: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
});
export type SavedReply = Static<typeof SavedReplySchema>;

/** The longest title, in characters after trimming. */
export const SAVED_REPLY_TITLE_MAX_CHARS = 100;
/** The longest text: a saved reply becomes a reply, so a reply's limit. */
export const SAVED_REPLY_TEXT_MAX_CHARS = REPLY_MAX_CHARS;
/** Largest key (the column is an `integer`). */
export const SAVED_REPLY_MAX_ID = 2_147_483_647;

/** The placeholders a saved reply may hold, filled from the inquiry and the pharmacy. */
export const SAVED_REPLY_PLACEHOLDERS = ['{first_name}', '{last_name}', '{pharmacy_name}'] as const;

/** Characters of `text` once trimmed, as the limits count them (code points, not UTF-16 units). */
export const trimmedLength = (text: string) => [...text.trim()].length;

/** Why this title or text cannot be saved (the 400's message), or null when both can. */
export function savedReplyProblem(fields: { title: string; text: string }): string | null {
  const title = trimmedLength(fields.title);
  if (title === 0) return 'title must not be empty or only spaces.';
  if (title > SAVED_REPLY_TITLE_MAX_CHARS) return `title must be at most ${SAVED_REPLY_TITLE_MAX_CHARS} characters.`;
  const text = trimmedLength(fields.text);
  if (text === 0) return 'text must not be empty or only spaces.';
  if (text > SAVED_REPLY_TEXT_MAX_CHARS) {
    return `text must be at most ${SAVED_REPLY_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`;
  }
  return null;
}

/** Title and text as stored: without surrounding white space. */
export function normalizeSavedReply(fields: { title: string; text: string }): { title: string; text: string } {
  return { title: fields.title.trim(), text: fields.text.trim() };
}

const fieldsSchema = {
  title: Type.String({ description: `text of 1 to ${SAVED_REPLY_TITLE_MAX_CHARS} characters` }),
  text: Type.String({ description: `text of 1 to ${SAVED_REPLY_TEXT_MAX_CHARS.toLocaleString('en-US')} characters` }),
};

/** Body of `POST /admin/saved-replies`: the key the device chose, the title and the text. */
export const SavedReplyCreateBodySchema = Type.Object({
  saved_reply_id: Type.Integer({ minimum: 1, maximum: SAVED_REPLY_MAX_ID, description: `a whole number from 1 to ${SAVED_REPLY_MAX_ID}` }),
  ...fieldsSchema,
});
export type SavedReplyCreateBody = Static<typeof SavedReplyCreateBodySchema>;

/** Body of `PUT /admin/saved-replies/{saved_reply_id}`. */
export const SavedReplyEditBodySchema = Type.Object(fieldsSchema);

/** Path of the edit and the delete. */
export const SavedReplyParamsSchema = Type.Object({ saved_reply_id: RecordIdParamSchema });

/** 200 answer of the delete (also when it was already gone: a success with no effect). */
export const SavedReplyDeleteResponseSchema = Type.Object({ saved_reply_id: Type.Integer(), deleted: Type.Literal(true) });

export const savedReplyNotFoundMessage = (id: number | string) => `Saved reply ${id} was not found.`;
export const savedReplyTakenMessage = (id: number | string) => `Saved reply ${id} already exists with another title or text.`;

// ---------------------------------------------------------------------------------------------
// The record as a device shows it: a reply created on this device and not yet on the server
// starts from a blank (`gone`), and a delete not yet synced marks it `gone` (overlay.ts lays the
// outbox over records; these two steps are what a create and a delete lay).

export type ShownSavedReply = SavedReply & { gone?: true };

/** The record before a create: nothing there yet. */
export function blankSavedReply(id: number): ShownSavedReply {
  return { saved_reply_id: id, title: '', text: '', gone: true };
}

export const isGone = (reply: SavedReply): boolean => (reply as ShownSavedReply).gone === true;

/** Same title and text (as stored). */
export function sameSavedReply(reply: SavedReply, fields: { title: string; text: string }): boolean {
  const next = normalizeSavedReply(fields);
  return reply.title === next.title && reply.text === next.text;
}

/** A new key for a saved reply: random, so devices offline never pick the same one (1 in 2^31). */
export function newSavedReplyId(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * (SAVED_REPLY_MAX_ID - 1));
}

// ---------------------------------------------------------------------------------------------
// Placeholders

/** What the placeholders stand for; a missing value is left out (never the word "null"). */
export interface PlaceholderValues {
  first_name: string | null | undefined;
  last_name: string | null | undefined;
  pharmacy_name: string | null | undefined;
}

/**
 * The saved reply's text with `{first_name}`, `{last_name}` and `{pharmacy_name}` filled in, in
 * one pass: a value is set in as written (a name holding "{last_name}" stays so). Any other
 * `{word}` is left as it is. A missing value leaves nothing, and the spaces doubled by it go.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  let emptied = false;
  const filled = text.replace(/\{(first_name|last_name|pharmacy_name)\}/g, (_whole, name: keyof PlaceholderValues) => {
    const value = values[name]?.trim() ?? '';
    if (value === '') emptied = true;
    return value;
  });
  if (!emptied) return filled;
  // "Hello {first_name} {last_name}," without a last name: "Hello Ana ," would read badly.
  return filled
    .split('\n')
    .map((line) => line.replace(/(\S)[ \t]{2,}/g, '$1 ').replace(/(\S)[ \t]+([,.;:!?])/g, '$1$2'))
    .join('\n');
}

/** Saved replies whose title or text holds every word of `query` (any case), in title order. */
export function searchSavedReplies<T extends SavedReply>(replies: readonly T[], query: string): T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return sortSavedReplies(
    replies.filter((reply) => {
      const hay = `${reply.title}\n${reply.text}`.toLocaleLowerCase();
      return words.every((word) => hay.includes(word));
    }),
  );
}

/** Title order (case and accents aside), then key: the same on every device. */
export function sortSavedReplies<T extends SavedReply>(replies: readonly T[]): T[] {
  return [...replies].sort(
    (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.saved_reply_id - b.saved_reply_id,
  );
}
