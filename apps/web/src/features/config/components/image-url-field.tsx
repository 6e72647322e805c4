import '@mantine/core/styles/AspectRatio.css';
import { isSafeImageUrl } from '@camp/shared/rules';
import { AspectRatio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import classes from './image-url-field.module.css';

export interface ImageUrlFieldProps {
  label: string;
  description?: ReactNode;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The alt text typed beside it, used for the preview image too. */
  altText: string;
  /** Preview box: 'banner' is 16:5 and full width, 'icon' a small square. */
  shape: 'banner' | 'icon';
  name?: string;
}

/** An image address (relative path or http(s)) with a live preview of what it points to. */
export function ImageUrlField({
  label,
  description,
  value,
  error,
  onChange,
  altText,
  shape,
  name,
}: ImageUrlFieldProps) {
  const url = value.trim();
  const previewable = url !== '' && isSafeImageUrl(url);

  return (
    <Stack gap="xs">
      <TextInput
        // The hint under the box, as in the rest of the form: inputs side by side line up.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        name={name}
        label={label}
        description={description}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder={shape === 'banner' ? 'https://example.org/banner.jpg' : '/icon.png'}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
      />
      {/* key: a new address starts with a fresh loading state */}
      {previewable && <ImagePreview key={url} url={url} altText={altText} shape={shape} />}
    </Stack>
  );
}

function ImagePreview({ url, altText, shape }: { url: string; altText: string; shape: 'banner' | 'icon' }) {
  const [failed, setFailed] = useState(false);
  const caption = `Preview of the ${shape}`;
  if (failed) {
    return (
      <Text size="sm" c="red.9" role="status">
        The image could not be loaded from this address.
      </Text>
    );
  }
  const image = (
    <img
      src={url}
      alt={altText.trim() || caption}
      className={shape === 'banner' ? classes.banner : classes.icon}
      onError={() => setFailed(true)}
    />
  );
  return (
    <figure className={classes.figure}>
      {shape === 'banner' ? (
        <AspectRatio ratio={16 / 5} className={classes.frame}>
          {image}
        </AspectRatio>
      ) : (
        <div className={classes.iconFrame}>{image}</div>
      )}
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {caption}
      </Text>
    </figure>
  );
}
