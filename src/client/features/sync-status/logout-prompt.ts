// The question asked before a logout that would throw away unsent changes. A store rather than
// state in useLogout: the nav bar calls logout from two menus, one modal answers.
import { observable } from '../../offline/observable';

export type LogoutChoice = 'wait' | 'discard';

export interface LogoutPrompt {
  unsent: number;
  /** Of those, made by someone else (they would be lost for that person too). */
  others: number;
  answer: (choice: LogoutChoice) => void;
}

export const logoutPrompt = observable<LogoutPrompt | null>(null);

export function askBeforeLogout(unsent: number, others: number): Promise<LogoutChoice> {
  logoutPrompt.get()?.answer('wait');
  return new Promise((resolve) => {
    logoutPrompt.set({
      unsent,
      others,
      answer: (choice) => {
        logoutPrompt.set(null);
        resolve(choice);
      },
    });
  });
}
