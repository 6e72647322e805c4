import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-utils';
import { toFieldInput } from '../field-form';
import { FieldFormModal } from './field-form-modal';

function renderForm(onSave = vi.fn()) {
  renderWithProviders(<FieldFormModal saving={false} saveError={null} onSave={onSave} onClose={vi.fn()} />);
  return onSave;
}

const input = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const dataType = () => screen.getByRole('combobox', { name: /Data type/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Field' }));

describe('FieldFormModal', () => {
  it('offers the six data types by readable names', async () => {
    renderForm();
    await screen.findByRole('dialog', { name: 'Add Field' });
    const options = [...dataType().querySelectorAll('option')].map((option) => [
      option.value,
      option.textContent,
    ]);
    expect(options).toEqual([
      ['STRING', 'Text (one line)'],
      ['MULTILINE_STRING', 'Text (several lines)'],
      ['INTEGER', 'Whole number'],
      ['NUMBER', 'Number (decimals allowed)'],
      ['BOOLEAN', 'Yes / No'],
      ['DATE', 'Date'],
    ]);
  });

  it('shows the limits of the data type and clears them all when the type changes', async () => {
    const onSave = renderForm();
    await screen.findByRole('dialog', { name: 'Add Field' });
    type('Display name', 'Tent size');
    type('Minimum length', '2');
    type('Maximum length', '40');
    expect(screen.queryByRole('textbox', { name: 'Minimum value' })).not.toBeInTheDocument();

    fireEvent.change(dataType(), { target: { value: 'INTEGER' } });
    expect(screen.queryByRole('textbox', { name: 'Minimum length' })).not.toBeInTheDocument();
    expect(input('Minimum value').value).toBe('');
    expect(input('Maximum value').value).toBe('');
    type('Minimum value', '1');
    type('Maximum value', '6');

    // Back to a text type: the old length limits are gone, and so are the value limits.
    fireEvent.change(dataType(), { target: { value: 'MULTILINE_STRING' } });
    expect(input('Minimum length').value).toBe('');
    expect(input('Maximum length').value).toBe('');

    fireEvent.change(dataType(), { target: { value: 'BOOLEAN' } });
    expect(screen.getByText('Yes / No fields have no limits.')).toBeInTheDocument();
    submit();
    expect(onSave).toHaveBeenCalledOnce();
    expect(toFieldInput(onSave.mock.calls[0]![0])).toEqual({
      displayName: 'Tent size',
      description: null,
      dataType: 'BOOLEAN',
      required: false,
      minLength: null,
      maxLength: null,
      minValue: null,
      maxValue: null,
    });
  });

  it('shows the messages of docs/product.md §5 and does not save', async () => {
    const onSave = renderForm();
    await screen.findByRole('dialog', { name: 'Add Field' });
    type('Minimum length', '-1');
    type('Maximum length', '0');
    submit();
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Maximum length must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Minimum length cannot be negative')).toBeInTheDocument();

    type('Display name', 'Nickname');
    type('Minimum length', '10');
    type('Maximum length', '5');
    submit();
    expect(screen.getByText('Minimum length cannot be greater than maximum length')).toBeInTheDocument();

    fireEvent.change(dataType(), { target: { value: 'NUMBER' } });
    type('Minimum value', '9.5');
    type('Maximum value', '2');
    submit();
    expect(screen.getByText('Minimum value cannot be greater than maximum value')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    type('Maximum value', '12.25');
    submit();
    expect(onSave).toHaveBeenCalledOnce();
    expect(toFieldInput(onSave.mock.calls[0]![0])).toMatchObject({
      dataType: 'NUMBER',
      minValue: 9.5,
      maxValue: 12.25,
    });
  });

  it('starts from the field being edited', async () => {
    renderWithProviders(
      <FieldFormModal
        field={{
          id: 'f1',
          displayName: 'People',
          description: 'How many sleep here',
          dataType: 'INTEGER',
          required: true,
          minLength: null,
          maxLength: null,
          minValue: 1,
          maxValue: 6,
          order: 0,
          campingOptionId: 'o1',
        }}
        saving={false}
        saveError={{ title: 'Network error occurred. Please try again.' }}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    await screen.findByRole('dialog', { name: 'Edit Field' });
    expect(input('Display name').value).toBe('People');
    expect(input('Minimum value').value).toBe('1');
    expect(input('Maximum value').value).toBe('6');
    expect(screen.getByRole('checkbox', { name: /Required/ })).toBeChecked();
    expect(screen.getByRole('alert').textContent).toContain('Network error occurred. Please try again.');
  });
});
