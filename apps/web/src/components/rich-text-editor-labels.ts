import type { RichTextEditorLabels } from '@mantine/tiptap';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The toolbar's names for screen readers and tooltips, in the chosen language. */
export function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      boldControlLabel: t('records.editor.bold'),
      italicControlLabel: t('records.editor.italic'),
      underlineControlLabel: t('records.editor.underline'),
      strikeControlLabel: t('records.editor.strike'),
      codeControlLabel: t('records.editor.code'),
      clearFormattingControlLabel: t('records.editor.clearFormatting'),
      h2ControlLabel: t('records.editor.heading', { level: 2 }),
      h3ControlLabel: t('records.editor.heading', { level: 3 }),
      h4ControlLabel: t('records.editor.heading', { level: 4 }),
      bulletListControlLabel: t('records.editor.bulletList'),
      orderedListControlLabel: t('records.editor.orderedList'),
      blockquoteControlLabel: t('records.editor.blockquote'),
      linkControlLabel: t('records.editor.link'),
      unlinkControlLabel: t('records.editor.unlink'),
      linkEditorInputLabel: t('records.editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://example.com',
      linkEditorExternalLink: t('records.editor.linkExternal'),
      linkEditorInternalLink: t('records.editor.linkInternal'),
      linkEditorSave: t('common.save'),
    }),
    [t],
  );
}
