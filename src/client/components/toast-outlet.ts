// The notifications package behind one module, so its chunk loads apart from the first paint
// (and has a name tests can recognise).
export { notifications, Notifications } from '@mantine/notifications';
