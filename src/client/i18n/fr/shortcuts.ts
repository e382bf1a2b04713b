// French for keyboard shortcuts and their help.
import type { ComponentsJSON } from '@nanostores/i18n';

export const SHORTCUTS = {
  'shortcuts/help': {
    title: 'Raccourcis clavier',
    close: 'Fermer',
    keys: 'Touches',
    action: 'Action',
    then: 'puis',
    anywhere: 'Partout',
    inList: 'Dans une liste',
    onRecord: 'Sur l’élément ouvert',
    help: 'Afficher cette liste',
    goDashboard: 'Aller au tableau de bord',
    goTransfers: 'Aller aux transferts',
    goAppointments: 'Aller aux rendez-vous',
    goMessages: 'Aller aux messages',
    search: 'Rechercher dans la liste',
    next: 'Élément suivant',
    previous: 'Élément précédent',
    open: 'Ouvrir l’élément mis en évidence',
    enterKey: 'Entrée',
    complete: 'Marquer comme terminé (un message : marquer comme résolu)',
    incomplete: 'Marquer comme non terminé (un message : marquer comme non résolu)',
    flag: 'Signaler ou retirer le signalement (avec confirmation, comme le bouton)',
    notify: 'Aviser',
    reply: 'Rédiger une réponse (un message)',
    quiet:
      'Les raccourcis ne fonctionnent pas pendant que vous tapez dans un champ, ni lorsqu’une boîte de dialogue ou un menu est ouvert.',
    turnOff: 'Vous pouvez les désactiver ou les réactiver dans le menu de l’utilisateur, sous Raccourcis clavier.',
  },
  'shortcuts/menu': {
    item: 'Raccourcis clavier',
  },
  'shortcuts/toast': {
    notApplicable: '« {key} » ne s’applique pas à cet élément.',
    close: 'Fermer',
  },
} satisfies ComponentsJSON;
