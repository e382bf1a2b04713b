// Claims and assignment (issue 19, section 3): the detail's control, the rows' marker and the
// lists' filter.
import { i18n, params } from '../../i18n/i18n';

export const assignmentMessages = i18n('assignment/control', {
  assignToMe: 'Assign to me',
  assignTo: 'Assign to…',
  unassign: 'Unassign',
  takeOver: 'Take over',
  unassigned: 'Not assigned',
  yours: 'Assigned to you',
  heldBy: params('{name} has this'),
  assignedTo: params('Assigned to {name}'),
  pickLabel: 'Staff member',
  nobody: 'No one else to assign to yet.',
  someone: 'Someone else',
  assigned: params('Assigned to {name}.'),
  unassignedDone: 'Unassigned.',
});

/** The lists' assignee filter. */
export const assigneeFilterMessages = i18n('assignment/filter', {
  label: 'Assignee filter',
  all: 'Everyone',
  mine: 'Mine',
  unassigned: 'Unassigned',
});

/** The dashboard's count of one's own beside a widget's total. */
export const mineCountMessages = i18n('assignment/mine-count', {
  mine: params('{count} mine'),
});
