// French for claims and assignment (src/client/components/assignment/assignment.messages.ts).
import type { ComponentsJSON } from '@nanostores/i18n';

export const ASSIGNMENT = {
  'assignment/control': {
    assignToMe: "M'attribuer",
    assignTo: 'Attribuer à…',
    unassign: "Retirer l'attribution",
    takeOver: 'Reprendre',
    unassigned: 'Non attribué',
    yours: 'Attribué à vous',
    heldBy: "{name} s'en occupe",
    assignedTo: 'Attribué à {name}',
    pickLabel: "Membre de l'équipe",
    nobody: "Personne d'autre à qui l'attribuer pour le moment.",
    someone: "Quelqu'un d'autre",
    assigned: 'Attribué à {name}.',
    unassignedDone: 'Attribution retirée.',
  },
  'assignment/filter': {
    label: 'Filtrer par responsable',
    all: 'Tout le monde',
    mine: 'Les miens',
    unassigned: 'Non attribués',
  },
  'assignment/mine-count': {
    mine: '{count} à moi',
  },
} satisfies ComponentsJSON;
