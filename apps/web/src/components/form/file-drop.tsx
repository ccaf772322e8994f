import { Box, Loader, Paper } from '@mantine/core';
import { type DragEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

/**
 * A drop zone for files that also opens the file picker on click or Enter/Space. Written here
 * rather than taken from @mantine/dropzone: its react-dropzone 20 needs Node 22, and the project
 * runs on Node 20 (docs/operations.md). The native drag-and-drop events and a hidden
 * `<input type=file>` are all it needs.
 */
export function FileDrop({
  onDrop,
  accept,
  multiple = false,
  loading = false,
  name,
  children,
  ...aria
}: {
  onDrop: (files: File[]) => void;
  /** MIME types and extensions for the picker (`.xml`, `application/zip`) */
  accept: string[];
  multiple?: boolean;
  loading?: boolean;
  name?: string;
  children: ReactNode;
  'aria-label': string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length && !loading) onDrop(multiple ? files : files.slice(0, 1));
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    setOver(true);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      input.current?.click();
    }
  };
  return (
    <Paper
      withBorder
      p="md"
      role="button"
      tabIndex={0}
      aria-label={aria['aria-label']}
      aria-busy={loading}
      onClick={() => input.current?.click()}
      onKeyDown={onKey}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
      style={{
        borderStyle: 'dashed',
        cursor: loading ? 'progress' : 'pointer',
        background: over ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <input
        ref={input}
        type="file"
        name={name}
        hidden
        multiple={multiple}
        accept={accept.join(',')}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <Box pos="relative">{loading ? <Loader size="sm" /> : children}</Box>
    </Paper>
  );
}
