import { useServices } from '../app/services.tsx';
import { useHiddenLogos, useSpaces } from '../features/spaces/hooks.ts';
import { headerBrand } from '../features/spaces/model/selection.ts';

/** The header centre (spec 2.4): second logo of the space, or the organisation name, or the default mark. */
export function SpaceBrand() {
  const { config } = useServices();
  const { selected } = useSpaces();
  const { hidden } = useHiddenLogos();
  const brand = headerBrand(selected, hidden);
  if (brand.kind === 'logo')
    return <img className="space-logo" src={brand.src} alt={selected.name} data-testid="space-brand" />;
  if (brand.kind === 'name')
    return (
      <span className="brand" data-testid="space-brand">
        {brand.name}
      </span>
    );
  return (
    <span className="brand-mark" data-testid="space-brand">
      <span className="logo-mark" aria-hidden="true" />
      <span className="brand">{config.productName}</span>
    </span>
  );
}
