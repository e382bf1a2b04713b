import { useState } from 'react';
import classes from './login-page.module.css';

/**
 * The sign-in form's password, drawn as Mantine's PasswordInput is (size md), with its show/hide
 * button (out of the tab order, as Mantine's): the screen ships without Mantine's input code.
 */
export function PasswordField({ id, label, toggleLabel }: { id: string; label: string; toggleLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      <div className={classes.control}>
        <input
          id={id}
          className={classes.input}
          data-with-toggle
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          required
        />
        <button
          type="button"
          className={classes.toggle}
          tabIndex={-1}
          aria-pressed={visible}
          aria-label={toggleLabel}
          // The field keeps the focus (and the caret) while its text is shown or hidden.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 256 256" aria-hidden="true" focusable="false">
            {visible ? (
              <path d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6" />
            ) : (
              <>
                <path d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
                <circle cx="128" cy="128" r="40" />
              </>
            )}
          </svg>
        </button>
      </div>
    </div>
  );
}
