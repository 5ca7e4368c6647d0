import '../templates.css';
import { TEMPLATE_IMAGES_MAX } from '@tinkercloud/shared/iot';
import { ImageUploadButton } from '@/features/media/components/ImageUploadButton.tsx';

/** A custom template's pictures: each shown with Remove, and an upload while there is room. */
export function TemplateImagesField({
  name,
  images,
  onChange,
}: {
  /** The template's name, for the pictures' text alternatives. */
  name: string;
  images: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="template-images-field">
      <legend>Pictures (up to {TEMPLATE_IMAGES_MAX})</legend>
      {images.length === 0 && <p className="muted">No pictures yet.</p>}
      <ul className="template-images">
        {images.map((link, i) => (
          <li key={link}>
            <img src={link} alt={`${name}, ${i + 1} of ${images.length}`} />
            <button
              type="button"
              className="button button-subtle button-small"
              onClick={() => onChange(images.filter((l) => l !== link))}
            >
              Remove picture {i + 1}
            </button>
          </li>
        ))}
      </ul>
      {images.length < TEMPLATE_IMAGES_MAX && (
        <ImageUploadButton
          onUploaded={(address) => onChange([...images.filter((l) => l !== address), address])}
        />
      )}
    </fieldset>
  );
}
