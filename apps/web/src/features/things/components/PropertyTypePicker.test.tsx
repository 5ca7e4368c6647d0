import { fireEvent, render, screen } from '@testing-library/react';
import { PROPERTY_TYPES } from '@tinkercloud/shared/iot';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { matchingTypes, PropertyTypePicker } from './PropertyTypePicker.tsx';

function Harness() {
  const [type, setType] = useState('');
  return (
    <>
      <PropertyTypePicker value={type} onChange={setType} />
      <output>{type}</output>
    </>
  );
}

const groups = () => [...document.querySelectorAll('optgroup')].map((g) => g.label);

describe('PropertyTypePicker', () => {
  it('lists every catalogue type under the catalogue groups', () => {
    render(<Harness />);
    expect(screen.getAllByRole('option')).toHaveLength(PROPERTY_TYPES.length);
    expect(groups()).toEqual([
      'Basic types',
      'Specialized types',
      'Smart home (voice assistants)',
      'Single units (legacy)',
    ]);
  });

  it('filters by name, id, declaration or unit, and keeps the chosen type listed', () => {
    expect(matchingTypes('celsius').map((t) => t.type)).toEqual(
      expect.arrayContaining(['TEMPERATURE', 'HOME_TEMPERATURE_C', 'TEMPERATURE_C']),
    );
    expect(matchingTypes('CloudColoredLight').map((t) => t.type)).toEqual(['HOME_COLORED_LIGHT']);
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Variable type'), { target: { value: 'STATUS' } });
    expect(screen.getByRole('status').textContent).toBe('STATUS');
    fireEvent.change(screen.getByLabelText('Search types'), { target: { value: 'schedule' } });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['STATUS', 'SCHEDULE']);
    expect(screen.getByText(/1 type; chosen: Boolean/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search types'), { target: { value: 'zzz' } });
    expect(screen.getByText(/No type matches this search/)).toBeTruthy();
  });
});
