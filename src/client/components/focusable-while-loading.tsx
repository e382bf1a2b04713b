// Mantine's Button disables itself while `loading`, and a disabled button drops focus to the page:
// a keyboard user who pressed it loses their place, and a confirm it opened cannot give focus back
// to it. As a Button's renderRoot, the button stays focusable while loading (aria-disabled, its
// presses ignored) and looks as Mantine draws a loading button.
import type { ReactNode } from 'react';

export function focusableWhileLoading({ disabled, onClick, ...props }: Record<string, unknown>): ReactNode {
  const loading = Boolean(props['data-loading']);
  return (
    <button
      {...props}
      disabled={loading ? undefined : (disabled as boolean | undefined)}
      aria-disabled={loading ? true : (props['aria-disabled'] as boolean | undefined)}
      onClick={loading ? (event) => event.preventDefault() : (onClick as ((event: unknown) => void) | undefined)}
    />
  );
}
