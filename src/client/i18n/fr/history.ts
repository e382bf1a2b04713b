// French for a record's History and for a reply stopped by someone else's (issue 19, sections 4 and 5).
import type { ComponentsJSON } from '@nanostores/i18n';

export const HISTORY = {
  'history/record': {
    title: 'Historique',
    empty: 'Aucune modification pour le moment.',
    loading: "Chargement de l'historique…",
    unavailable: "L'historique ne peut être lu hors ligne qu'après une première lecture en ligne.",
    failed: "L'historique n'a pas pu être lu.",
    asOf: 'Hors ligne : tel que lu {time}.',
    created: 'Création',
    createdVia: 'Création ({via})',
    notSent: 'Pas encore envoyé',
    madeOffline: 'Fait hors ligne',
    separator: ', ',
    unknownWho: 'Inconnu',
    viaAccount: 'compte du patient',
    viaGuest: 'formulaire invité',
  },
  'messages/reply-conflict': {
    titleReplied: "Quelqu'un d'autre a répondu avant vous",
    titleChanged: "Quelqu'un d'autre a modifié ce message pendant que vous écriviez",
    by: '{what} par {who}, {when}',
    yourDraft: 'Votre réponse, non envoyée :',
    readAgain: 'Relisez le message, puis envoyez quand même votre réponse ou supprimez-la.',
    sendAnyway: 'Envoyer quand même',
    discard: 'Supprimer ma réponse',
  },
} satisfies ComponentsJSON;
