/** Phone widths: below Mantine's `sm` breakpoint (48em), where the screens show one pane at a time. */
export const PHONE_QUERY = '(max-width: 47.99em)';
