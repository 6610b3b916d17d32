import { Anchor } from '@mantine/core';
import { linkify } from '../lib/linkify';

/** Message text as typed (React escapes it), with web addresses as links that open in a new tab. */
export function LinkedText({ message }: { message: string }) {
  return linkify(message).map((part, i) =>
    part.kind === 'link' ? (
      <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </Anchor>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}
