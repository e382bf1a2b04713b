// Saved replies (issue 19): the panel that keeps them and the reply box's picker.
import { i18n, params } from '../../i18n/i18n';

export const savedRepliesMessages = i18n('messages/saved-replies', {
  open: 'Saved replies',
  title: 'Saved replies',
  hint: 'Shared by the whole pharmacy. In a reply, {first_name}, {last_name} and {pharmacy_name} are filled in from the message.',
  empty: 'No saved replies yet.',
  newReply: 'New saved reply',
  editReply: 'Edit saved reply',
  titleLabel: 'Title',
  textLabel: 'Text',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  editNamed: params('Edit “{title}”'),
  deleteNamed: params('Delete “{title}”'),
  confirmDelete: params('Delete the saved reply “{title}”?'),
  titleTooLong: params('A title can be at most {max} characters.'),
  textTooLong: params('A text can be at most {max} characters.'),
  saved: 'Saved reply saved.',
  deleted: 'Saved reply deleted.',
  close: 'Close',
});

export const savedReplyPickerMessages = i18n('messages/saved-reply-picker', {
  label: 'Insert a saved reply',
  placeholder: 'Search saved replies',
  nothingFound: 'No saved reply matches.',
  none: 'No saved replies yet.',
});
