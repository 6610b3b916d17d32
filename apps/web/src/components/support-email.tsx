import { Anchor, type AnchorProps } from '@mantine/core';

/** Where users write when signing in fails; the landing page shows it too. */
const SUPPORT_EMAIL = 'support@rozmova.app';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/** The support address as a mail link. */
export function SupportEmailLink(props: AnchorProps) {
  return (
    <Anchor href={SUPPORT_MAILTO} underline="always" {...props}>
      {SUPPORT_EMAIL}
    </Anchor>
  );
}
