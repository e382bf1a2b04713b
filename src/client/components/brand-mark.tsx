/** The app's mark, the same drawing as public/icons/icon.svg. Decorative: names sit beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="15" fill="#0c7a63" />
      <path
        fill="#ffffff"
        d="M27 12h10a3 3 0 0 1 3 3v9h9a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3h-9v9a3 3 0 0 1-3 3H27a3 3 0 0 1-3-3v-9h-9a3 3 0 0 1-3-3V27a3 3 0 0 1 3-3h9v-9a3 3 0 0 1 3-3z"
      />
      <circle cx="32" cy="32" r="5" fill="#a4d8ca" />
    </svg>
  );
}
