import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useEditorLabels } from './rich-text-editor-labels';

type Props = { label: string; initialHtml: string; onChange: (html: string) => void; error?: string | null };

/** A rich-text field (notes, reviews): TipTap with the formatting the sanitiser keeps, and nothing it would drop. */
export function RichTextField({ label, initialHtml, onChange, error }: Props) {
  const labels = useEditorLabels();
  const labelId = useId();
  const editor = useEditor({
    // StarterKit 3 brings its own Link; Mantine's adds the toolbar's link editor.
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }), Link],
    content: initialHtml,
    // Without it TipTap 3 does not re-render on selection changes and the toolbar stops showing what is active.
    shouldRerenderOnTransaction: true,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        'aria-invalid': String(Boolean(error)),
      },
    },
    onUpdate: ({ editor }) => onChange(editor.getHTML()),
  });

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error} required>
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
