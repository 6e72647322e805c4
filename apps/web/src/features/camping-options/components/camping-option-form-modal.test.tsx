import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-utils';
import { toCampingOptionInput } from '../camping-option-form';
import { CampingOptionFormModal } from './camping-option-form-modal';

// Stored categories' ids are UUIDs (the shared schema refuses anything else).
const KITCHEN_ID = '3f1c2a4e-8b7d-4c61-9e25-1a0b7c9d2e31';
const LEADS_ID = '9a7e5c3b-1d2f-4e8a-b6c4-2f0e1d3c5b72';
const categories = [
  { id: KITCHEN_ID, name: 'Kitchen', description: 'Cook', staffOnly: false, alwaysRequired: false },
  { id: LEADS_ID, name: 'Leads', description: 'Lead', staffOnly: true, alwaysRequired: false },
];

function renderForm(onSave = vi.fn()) {
  renderWithProviders(
    <CampingOptionFormModal
      jobCategories={categories}
      jobCategoriesError={null}
      saving={false}
      saveError={null}
      onSave={onSave}
      onClose={vi.fn()}
    />,
  );
  return onSave;
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Camping Option' }));

describe('CampingOptionFormModal', () => {
  it('shows the messages of docs/product.md §5 and does not save', async () => {
    const onSave = renderForm();
    await screen.findByRole('dialog', { name: 'Add Camping Option' });
    type('Name', '   ');
    type('Participant dues', '-1');
    type('Staff dues', '-0.5');
    type('Max signups', '-2');
    type('Work shifts required', '-3');
    submit();
    for (const message of [
      'Name is required',
      'Participant dues cannot be negative',
      'Staff dues cannot be negative',
      'Max signups cannot be negative',
      'Work shifts required cannot be negative',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves dues in cents precision, 0 as unlimited, and the chosen job categories', async () => {
    const onSave = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Add Camping Option' });
    expect(field('Max signups').value).toBe('0');
    expect(within(dialog).getByText('0 means unlimited')).toBeInTheDocument();
    type('Name', ' Shade camping ');
    type('Description', 'Under the big shade.');
    type('Participant dues', '125.55');
    type('Staff dues', '60');
    type('Work shifts required', '2');
    fireEvent.click(screen.getByRole('checkbox', { name: /Leads/ }));
    fireEvent.click(screen.getByRole('switch', { name: /Enabled/ }));
    submit();
    expect(onSave).toHaveBeenCalledOnce();
    expect(toCampingOptionInput(onSave.mock.calls[0]![0])).toEqual({
      name: 'Shade camping',
      description: 'Under the big shade.',
      enabled: false,
      participantDues: 125.55,
      staffDues: 60,
      maxSignups: 0,
      workShiftsRequired: 2,
      jobCategoryIds: [LEADS_ID],
      waitlistEnabled: true,
    });
  });

  it('has the waitlist switch, on by default, and saves it off (docs/product.md §10)', async () => {
    const onSave = renderForm();
    await screen.findByRole('dialog', { name: 'Add Camping Option' });
    const waitlist = screen.getByRole('switch', { name: /Waitlist when full/ });
    expect(waitlist).toBeChecked();
    expect(
      screen.getByText(
        'When the option is full, campers can join its waitlist and are offered freed places in turn.',
      ),
    ).toBeInTheDocument();
    type('Name', 'RV Row');
    fireEvent.click(waitlist);
    expect(waitlist).not.toBeChecked();
    submit();
    expect(onSave).toHaveBeenCalledOnce();
    expect(toCampingOptionInput(onSave.mock.calls[0]![0]).waitlistEnabled).toBe(false);
  });
});
