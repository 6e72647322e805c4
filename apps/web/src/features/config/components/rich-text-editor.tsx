// The heavy part of RichTextField (tiptap + ProseMirror, ~100 KB gzip): loaded only when a rich-text field
// is shown, so it never reaches Home's bundle.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import classes from './rich-text-editor.module.css';

export interface RichTextEditorFieldProps {
  /** HTML; '' for empty. */
  value: string;
  onChange: (html: string) => void;
  /** Ids of the visible label and of the description/error, for the editable area's accessible name. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}

/** '' for an empty document (tiptap says '<p></p>'), else the document's HTML. */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export default function RichTextEditorField({
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
}: RichTextEditorFieldProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    // StarterKit 3 brings its own Link; it is configured here instead (no navigation while editing).
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: editableAttributes(labelId, describedBy, invalid),
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // A value set from outside (the stored configuration arriving, a reset) replaces the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  // Accessible name, description and invalid state follow the props.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: editableAttributes(labelId, describedBy, invalid),
      },
    });
  }, [editor, labelId, describedBy, invalid]);

  return (
    <RichTextEditor
      editor={editor}
      className={classes.root}
      data-invalid={invalid || undefined}
      labels={{ h2ControlLabel: 'Heading', h3ControlLabel: 'Subheading', h4ControlLabel: 'Small heading' }}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
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
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}

/** The editable box's accessible name, description and invalid state. */
function editableAttributes(labelId: string, describedBy: string | undefined, invalid: boolean | undefined) {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  };
}
