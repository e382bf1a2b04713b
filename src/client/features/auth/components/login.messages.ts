import { i18n } from '../../../i18n/i18n';

export const loginMessages = i18n('auth/login', {
  greeting: 'Greetings,',
  prompt: 'Please Enter Your Credentials',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign In',
});
