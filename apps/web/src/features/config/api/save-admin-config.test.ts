import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApiRoutes } from '../../../test/test-utils';
import { savedAdminConfig } from '../test-fixtures';
import { saveAdminConfig } from './save-admin-config';

describe('saveAdminConfig (docs/product.md §4 Configuration save)', () => {
  it('changes the stored configuration with PATCH when one exists', async () => {
    const { calls } = mockApiRoutes({
      'PATCH /core-config/current': ({ body }) => jsonResponse(savedAdminConfig(body)),
    });
    const outcome = await saveAdminConfig({ campName: 'New name' }, { exists: true });
    expect(calls).toEqual(['PATCH /core-config/current']);
    expect(outcome.created).toBe(false);
    expect(outcome.config.campName).toBe('New name');
  });

  it('creates with POST when none exists', async () => {
    const { calls } = mockApiRoutes({
      'POST /core-config': ({ body }) => jsonResponse(savedAdminConfig(body), { status: 201 }),
    });
    const outcome = await saveAdminConfig({ campName: 'First camp' }, { exists: false });
    expect(calls).toEqual(['POST /core-config']);
    expect(outcome).toMatchObject({ created: true, config: { campName: 'First camp' } });
  });

  it('retries as a create when the PATCH says the configuration is not found', async () => {
    const sent: unknown[] = [];
    const { calls } = mockApiRoutes({
      'PATCH /core-config/current': () => errorResponse(404, 'Configuration not found'),
      'POST /core-config': ({ body }) => {
        sent.push(body);
        return jsonResponse(savedAdminConfig(body), { status: 201 });
      },
    });
    const outcome = await saveAdminConfig({ campName: 'Again' }, { exists: true });
    expect(calls).toEqual(['PATCH /core-config/current', 'POST /core-config']);
    expect(sent).toEqual([{ campName: 'Again' }]);
    expect(outcome.created).toBe(true);
  });

  it('does not retry other failures', async () => {
    const { calls } = mockApiRoutes({
      'PATCH /core-config/current': () =>
        errorResponse(400, ['SMTP Host is required when email notifications are enabled']),
    });
    await expect(saveAdminConfig({ emailEnabled: true }, { exists: true })).rejects.toMatchObject({
      status: 400,
    });
    expect(calls).toEqual(['PATCH /core-config/current']);
  });
});
