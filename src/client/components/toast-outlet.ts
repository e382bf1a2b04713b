// The notifications outlet behind one module, so the sign-in screen can load it after its first
// paint (and tests can recognise its chunk). The admin layout mounts it directly.
export { Notifications } from '@mantine/notifications';
