// The appointment screens' texts (spec sections 2 and 8), word for word, in one place.

export const CALENDAR_TITLE = 'Appointments Dashboard';
export const LIST_TITLE = 'Appointments';
export const MANAGE_TITLE = 'Block/Unblock Availabilities';
export const MANAGE_LINK = 'Manage Availabilities';
export const CALENDAR_LINK = 'Calendar View';
export const LOADING_APPOINTMENTS = 'Loading appointments...';
export const FETCH_APPOINTMENTS_FAILED = 'Failed to fetch appointments.';
export const NO_APPOINTMENTS = 'No appointments found.';

export const MODAL_TITLE = 'Appointment Details';
export const LOADING_USER_INFO = 'Loading user info...';
export const FETCH_USER_INFO_FAILED = 'Failed to fetch user info.';
export const FETCH_MEMBERS_FAILED = 'Failed to fetch all members.';
export const SEE_OTHERS = 'See Other Patients';
export const HIDE_OTHERS = 'Hide Other Patients';
export const ALL_PATIENTS = 'All Patients in This Booking';
export const NO_OTHER_MEMBERS = 'No other members found for this booking.';
export const CANCEL_LABEL = 'Cancel Appointment';
export const CANCEL_CONFIRM = 'Are you sure you want to cancel this appointment?';
export const CANCEL_SUCCESS = 'Appointment cancelled successfully.';

export const FROM_PLACEHOLDER = 'Select a start time';
export const UNTIL_PLACEHOLDER = 'Select an end time';
export const BLOCK_LABEL = 'Finalize Availabilities';
export const UNBLOCK_LABEL = 'Unblock Availabilities';
export const INVALID_RANGE = 'Please select a valid date and time range.';
export const BLOCK_SUCCESS = 'Availabilities blocked successfully!';
export const BLOCK_FAILURE = 'Failed to block availabilities.';
export const UNBLOCK_SUCCESS = 'Availabilities unblocked successfully!';
export const UNBLOCK_FAILURE = 'Failed to unblock availabilities.';
