import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

/** Note HTML as formatted text, sanitised again here whatever the server already did. */
export function RichTextView({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Typography data-rich-text style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
