// French for the shell: sign-in, navigation, user menu, lock screen, dashboard, sync status,
// shared components.
import type { ComponentsJSON } from '@nanostores/i18n';

export const SHELL = {
  'auth/login': {
    greeting: 'Bonjour,',
    prompt: 'Veuillez entrer vos identifiants',
    email: 'Courriel',
    password: 'Mot de passe',
    signIn: 'Se connecter',
  },
} satisfies ComponentsJSON;
