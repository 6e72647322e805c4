import type { LightMyRequestResponse } from 'fastify';
import type { CampingOption, CampingOptionField } from '@camp/shared';
import { asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campingOptionFields } from '../../db/schema/index';
import { type Camp, insertRegistration, messageOf, messagesOf, startCamp } from '../../../test/camp';

describe('camping option fields: /api/camping-options/{id}/fields and reorder', () => {
  let camp: Camp;

  beforeAll(async () => {
    camp = await startCamp();
  });
  afterAll(async () => {
    await camp.close();
  });

  const fieldsUrl = (optionId: string, fieldId?: string) =>
    `/api/camping-options/${optionId}/fields${fieldId === undefined ? '' : `/${fieldId}`}`;
  /** The admin's POST of a field, PATCH or DELETE of one, and reorder of an option's fields. */
  const postField = (optionId: string, values: unknown) =>
    camp.call('POST', fieldsUrl(optionId), camp.admin, values);
  const patchField = (optionId: string, fieldId: string, values: unknown) =>
    camp.call('PATCH', fieldsUrl(optionId, fieldId), camp.admin, values);
  const deleteField = (optionId: string, fieldId: string) =>
    camp.call('DELETE', fieldsUrl(optionId, fieldId), camp.admin);
  const reorder = (optionId: string, values: unknown) =>
    camp.call('PATCH', `/api/camping-option-fields/reorder/${optionId}`, camp.admin, values);
  /** 400 with exactly these messages. */
  const expectRefused = (response: LightMyRequestResponse, messages: string[]) => {
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual(messages);
  };
  const newOption = async (name = 'Tent Camping') => {
    const response = await camp.call('POST', '/api/camping-options', camp.admin, { name });
    expect(response.statusCode).toBe(201);
    return response.json<CampingOption>().id;
  };
  const addField = async (optionId: string, values: Record<string, unknown>) => {
    const response = await postField(optionId, values);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CampingOptionField>();
  };
  /** A new option with one field. */
  const optionWithField = async (values: Record<string, unknown>) => {
    const optionId = await newOption();
    return { optionId, field: await addField(optionId, values) };
  };
  const storedOrder = async (optionId: string) =>
    (
      await camp.t.database.db
        .select({ id: campingOptionFields.id, order: campingOptionFields.sortOrder })
        .from(campingOptionFields)
        .where(eq(campingOptionFields.campingOptionId, optionId))
        .orderBy(asc(campingOptionFields.sortOrder))
    ).map((row) => [row.id, row.order]);
  /** The answer lists `fields` in this order, numbered from 0, and the database holds the same order. */
  const expectOrder = async (
    response: LightMyRequestResponse,
    optionId: string,
    fields: CampingOptionField[],
  ) => {
    expect(response.statusCode).toBe(200);
    expect(response.json<CampingOptionField[]>().map((field) => [field.displayName, field.order])).toEqual(
      fields.map((field, index) => [field.displayName, index]),
    );
    expect(await storedOrder(optionId)).toEqual(fields.map((field, index) => [field.id, index]));
  };

  describe('create', () => {
    it('adds a field with every property and answers its shape', async () => {
      const optionId = await newOption();
      const sent = {
        displayName: 'Tent size',
        description: 'Width x depth in feet',
        dataType: 'STRING',
        required: true,
        maxLength: 20,
        minLength: 3,
      };
      const response = await postField(optionId, sent);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        ...sent,
        minValue: null,
        maxValue: null,
        order: 0,
        campingOptionId: optionId,
      });
    });

    it('puts each new field last', async () => {
      const optionId = await newOption();
      const first = await addField(optionId, { displayName: 'First' });
      const second = await addField(optionId, { displayName: 'Second', dataType: 'BOOLEAN' });
      const third = await addField(optionId, { displayName: 'Third', dataType: 'DATE' });
      expect([first.order, second.order, third.order]).toEqual([0, 1, 2]);
      const list = await camp.call('GET', fieldsUrl(optionId), camp.participant);
      expect(list.statusCode).toBe(200);
      expect(list.json<CampingOptionField[]>().map((field) => field.displayName)).toEqual([
        'First',
        'Second',
        'Third',
      ]);
    });

    it('puts a new field at the given order and moves the fields from there on down', async () => {
      const optionId = await newOption();
      const first = await addField(optionId, { displayName: 'First' });
      const second = await addField(optionId, { displayName: 'Second' });
      const response = await postField(optionId, {
        displayName: 'Between',
        order: 1,
      });
      expect(response.statusCode, response.body).toBe(201);
      const between = response.json<CampingOptionField>();
      expect(between.order).toBe(1);
      const list = await camp.call('GET', fieldsUrl(optionId), camp.participant);
      await expectOrder(list, optionId, [first, between, second]);
      // Without an order the next one still goes last.
      expect((await addField(optionId, { displayName: 'Last' })).order).toBe(3);
    });

    it('refuses an order that is negative or not a number, and adds nothing', async () => {
      const optionId = await newOption();
      const negative = await postField(optionId, {
        displayName: 'Size',
        order: -1,
      });
      expect(negative.statusCode).toBe(400);
      expect(messageOf(negative)).toEqual(['Order cannot be negative']);
      const text = await postField(optionId, {
        displayName: 'Size',
        order: 'first',
      });
      expect(text.statusCode).toBe(400);
      expect(messageOf(text)).toEqual(['Order must be a number']);
      expect(await storedOrder(optionId)).toEqual([]);
    });

    it.each([
      ['TEXT', 'STRING'],
      ['SELECT', 'STRING'],
      ['text', 'STRING'],
      ['multiline_string', 'MULTILINE_STRING'],
      ['INTEGER', 'INTEGER'],
    ])('reads the data type %s as %s', async (sent, stored) => {
      const { field } = await optionWithField({ displayName: 'Anything', dataType: sent });
      expect(field.dataType).toBe(stored);
    });

    it.each([
      [{}, ['Display name is required']],
      [{ displayName: '  ' }, ['Display name is required']],
      [{ displayName: 'Size', maxLength: 0 }, ['Maximum length must be at least 1']],
      [{ displayName: 'Size', minLength: -1 }, ['Minimum length cannot be negative']],
      [
        { displayName: 'Size', minLength: 10, maxLength: 5 },
        ['Minimum length cannot be greater than maximum length'],
      ],
      [
        { displayName: 'Age', dataType: 'INTEGER', minValue: 99, maxValue: 18 },
        ['Minimum value cannot be greater than maximum value'],
      ],
      [
        { displayName: 'Age', dataType: 'STRING', minValue: 1 },
        ['Value limits apply only to number fields (NUMBER, INTEGER)'],
      ],
      [
        { displayName: 'Age', dataType: 'NUMBER', maxLength: 5 },
        ['Length limits apply only to text fields (STRING, MULTILINE_STRING)'],
      ],
      [
        { displayName: 'Age', dataType: 'BOOLEAN', minLength: 1, maxValue: 2 },
        [
          'Length limits apply only to text fields (STRING, MULTILINE_STRING)',
          'Value limits apply only to number fields (NUMBER, INTEGER)',
        ],
      ],
      [
        { displayName: 'Age', dataType: 'INTEGER', minValue: 0.5 },
        ['Value limits of an INTEGER field must be whole numbers'],
      ],
      [
        { displayName: 'Colour', dataType: 'COLOR' },
        ['Data type must be one of STRING, MULTILINE_STRING, INTEGER, NUMBER, BOOLEAN, DATE'],
      ],
      [{ displayName: 'Size', required: 'yes' }, ['Required must be true or false']],
      [{ displayName: 'Si\u0000ze' }, ['Display name contains a character that is not allowed']],
      // `order` is accepted (a new field's place); any other unknown key is still refused.
      [{ displayName: 'Size', position: 3 }, ['Unrecognized key: "position"']],
    ])('refuses %j with %j', async (payload, messages) => {
      const optionId = await newOption();
      const response = await postField(optionId, payload);
      expectRefused(response, messages);
    });

    it('accepts value limits on NUMBER fields, decimals included', async () => {
      const { field } = await optionWithField({
        displayName: 'Height',
        dataType: 'NUMBER',
        minValue: 0.5,
        maxValue: 2.75,
      });
      expect(field).toMatchObject({ minValue: 0.5, maxValue: 2.75, minLength: null, maxLength: null });
    });

    it('answers 404 for a field of an unknown option', async () => {
      const response = await postField(randomUUID(), {
        displayName: 'Lost',
      });
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('Camping option not found');
    });
  });

  describe('read', () => {
    it('embeds the fields, in order, in the option', async () => {
      const optionId = await newOption();
      const a = await addField(optionId, { displayName: 'A' });
      const b = await addField(optionId, { displayName: 'B' });
      await reorder(optionId, {
        fieldOrders: [
          { id: a.id, order: 1 },
          { id: b.id, order: 0 },
        ],
      });
      const option = await camp.call('GET', `/api/camping-options/${optionId}`, camp.staff);
      expect(option.json<CampingOption>().fields.map((field) => [field.displayName, field.order])).toEqual([
        ['B', 0],
        ['A', 1],
      ]);
    });
  });

  describe('change', () => {
    it('changes only what is sent', async () => {
      const { optionId, field } = await optionWithField({
        displayName: 'Tent size',
        maxLength: 20,
        required: true,
      });
      const response = await patchField(optionId, field.id, {
        displayName: 'Tent dimensions',
        description: 'In feet',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...field, displayName: 'Tent dimensions', description: 'In feet' });
    });

    it('clears the limits when the data type changes', async () => {
      const { optionId, field } = await optionWithField({
        displayName: 'Notes',
        maxLength: 200,
        minLength: 2,
      });
      const response = await patchField(optionId, field.id, { dataType: 'INTEGER', minValue: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        dataType: 'INTEGER',
        maxLength: null,
        minLength: null,
        minValue: 1,
        maxValue: null,
      });
    });

    it('checks limits against the stored ones', async () => {
      const { optionId, field } = await optionWithField({ displayName: 'Notes', maxLength: 5 });
      const longer = await patchField(optionId, field.id, {
        minLength: 10,
      });
      expectRefused(longer, ['Minimum length cannot be greater than maximum length']);
      const wrongType = await patchField(optionId, field.id, { maxValue: 10 });
      expectRefused(wrongType, ['Value limits apply only to number fields (NUMBER, INTEGER)']);
    });

    it.each([
      [{ displayName: '' }, ['Display name is required']],
      [{ maxLength: 0 }, ['Maximum length must be at least 1']],
      [{ minLength: -4 }, ['Minimum length cannot be negative']],
      [
        { dataType: 'TEXT', minLength: 9, maxLength: 3 },
        ['Minimum length cannot be greater than maximum length'],
      ],
      [
        { dataType: 'NUMBER', minValue: 9, maxValue: 3 },
        ['Minimum value cannot be greater than maximum value'],
      ],
    ])('refuses the change %j with %j', async (payload, messages) => {
      const { optionId, field } = await optionWithField({ displayName: 'Notes' });
      const response = await patchField(optionId, field.id, payload);
      expectRefused(response, messages);
    });

    it("answers 404 for another option's field, and 400 for a malformed id", async () => {
      const optionId = await newOption();
      const otherId = await newOption('Other');
      const field = await addField(otherId, { displayName: 'Elsewhere' });
      const response = await patchField(optionId, field.id, {
        displayName: 'Stolen',
      });
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('Camping option field not found');
      const malformed = await camp.call('DELETE', `/api/camping-options/${optionId}/fields/abc`, camp.admin);
      expect(malformed.statusCode).toBe(400);
      expect(messageOf(malformed)).toEqual(['Invalid field id']);
    });
  });

  describe('reorder', () => {
    it('sets every order in one go and answers the fields in their new order', async () => {
      const optionId = await newOption();
      const [a, b, c] = [
        await addField(optionId, { displayName: 'A' }),
        await addField(optionId, { displayName: 'B' }),
        await addField(optionId, { displayName: 'C' }),
      ];
      const response = await reorder(optionId, {
        fieldOrders: [
          { id: a.id, order: 2 },
          { id: b.id, order: 0 },
          { id: c.id, order: 1 },
        ],
      });
      await expectOrder(response, optionId, [b, c, a]);
    });

    it("changes nothing when one id is another option's field or unknown", async () => {
      const optionId = await newOption();
      const otherId = await newOption('Other');
      const a = await addField(optionId, { displayName: 'A' });
      const b = await addField(optionId, { displayName: 'B' });
      const stranger = await addField(otherId, { displayName: 'Stranger' });
      const unknown = randomUUID();
      const before = await storedOrder(optionId);
      const response = await reorder(optionId, {
        fieldOrders: [
          { id: a.id, order: 1 },
          { id: b.id, order: 0 },
          { id: stranger.id, order: 2 },
          { id: unknown, order: 3 },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toEqual([
        `Field ${stranger.id} does not belong to this camping option`,
        `Field ${unknown} does not belong to this camping option`,
      ]);
      expect(await storedOrder(optionId)).toEqual(before);
      expect(await storedOrder(otherId)).toEqual([[stranger.id, 0]]);
    });

    it.each([
      [{ fieldOrders: [{ id: 'x', order: 1 }] }, ['Invalid field id']],
      [
        { fieldOrders: [{ id: '7a1f2f9e-5a3b-4c1d-9e2f-0a1b2c3d4e5f', order: -1 }] },
        ['Order cannot be negative'],
      ],
      [{}, ['fieldOrders must be a list of {id, order}']],
      [{ fieldOrders: [], extra: 1 }, ['Unrecognized key: "extra"']],
    ])('refuses %j with %j', async (payload, messages) => {
      const optionId = await newOption();
      const response = await reorder(optionId, payload);
      expectRefused(response, messages);
    });

    it('refuses the same field twice', async () => {
      const optionId = await newOption();
      const a = await addField(optionId, { displayName: 'A' });
      const response = await reorder(optionId, {
        fieldOrders: [
          { id: a.id, order: 1 },
          { id: a.id, order: 0 },
        ],
      });
      expectRefused(response, ['Each field may appear only once']);
    });

    it('answers 404 for an unknown option', async () => {
      const response = await reorder(randomUUID(), {
        fieldOrders: [],
      });
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('Camping option not found');
    });
  });

  describe('delete', () => {
    it('deletes a field nobody answered', async () => {
      const { optionId, field } = await optionWithField({ displayName: 'Unused' });
      const response = await deleteField(optionId, field.id);
      expect(response.statusCode).toBe(204);
      expect(await storedOrder(optionId)).toEqual([]);
      const again = await deleteField(optionId, field.id);
      expect(again.statusCode).toBe(404);
      expect(messageOf(again)).toBe('Camping option field not found');
    });

    it('refuses while registrations have values for it', async () => {
      const { optionId, field } = await optionWithField({ displayName: 'Tent size' });
      await insertRegistration(camp.t.database.db, {
        campingOptionIds: [optionId],
        fieldValues: { [field.id]: '10x10' },
      });
      const response = await deleteField(optionId, field.id);
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe(
        'This field cannot be deleted because 1 registration has a value for it. Make it optional instead.',
      );
      expect(await storedOrder(optionId)).toEqual([[field.id, 0]]);
    });
  });

  describe('who may do what', () => {
    it('lets only admins write, and anyone signed in read', async () => {
      const { optionId, field } = await optionWithField({ displayName: 'Guarded' });
      const writes: Array<[Parameters<Camp['call']>[0], string, unknown?]> = [
        ['POST', `/api/camping-options/${optionId}/fields`, { displayName: 'Mine' }],
        ['PATCH', `/api/camping-options/${optionId}/fields/${field.id}`, { displayName: 'Mine' }],
        ['DELETE', `/api/camping-options/${optionId}/fields/${field.id}`],
        [
          'PATCH',
          `/api/camping-option-fields/reorder/${optionId}`,
          { fieldOrders: [{ id: field.id, order: 5 }] },
        ],
      ];
      for (const [method, url, payload] of writes) {
        expect((await camp.call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
        expect((await camp.call(method, url, camp.participant, payload)).statusCode, `${method} ${url}`).toBe(
          403,
        );
        expect((await camp.call(method, url, camp.staff, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await storedOrder(optionId)).toEqual([[field.id, 0]]);
      const read = await camp.call('GET', fieldsUrl(optionId), null);
      expect(read.statusCode).toBe(401);
    });
  });
});
