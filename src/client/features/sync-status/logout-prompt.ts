// The question asked before a logout that would throw away unsent changes. A store rather than
// state in useLogout: the nav bar calls logout from two menus, one modal answers.
import { observable } from '../../offline/observable';

export type LogoutChoice = 'wait' | 'discard';

export interface LogoutPrompt {
  unsent: number;
  answer: (choice: LogoutChoice) => void;
}

export const logoutPrompt = observable<LogoutPrompt | null>(null);

export function askBeforeLogout(unsent: number): Promise<LogoutChoice> {
  logoutPrompt.get()?.answer('wait');
  return new Promise((resolve) => {
    logoutPrompt.set({
      unsent,
      answer: (choice) => {
        logoutPrompt.set(null);
        resolve(choice);
      },
    });
  });
}
