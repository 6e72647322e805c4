import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-utils';
import { servedCampName, servedPublicConfig } from './served-config';

function addMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.appendChild(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="application-name"], meta[name="camp-config"]').forEach((m) => {
    m.remove();
  });
});

describe('the configuration served with the page (decision 027)', () => {
  it('reads the camp name and the public configuration the server wrote into index.html', () => {
    const config = testConfig({ campName: 'Camp Served' });
    addMeta('application-name', 'Camp Served');
    addMeta('camp-config', JSON.stringify(config));
    expect(servedCampName()).toBe('Camp Served');
    expect(servedPublicConfig()).toEqual(config);
  });

  it('gives null without the tags, for an empty one, and for a configuration of the wrong shape', () => {
    expect(servedCampName()).toBeNull();
    expect(servedPublicConfig()).toBeNull();
    addMeta('application-name', ' ');
    addMeta('camp-config', '{"campName": 3');
    expect(servedCampName()).toBeNull();
    expect(servedPublicConfig()).toBeNull();
    document.head.querySelector('meta[name="camp-config"]')?.setAttribute('content', '[1, 2]');
    expect(servedPublicConfig()).toBeNull();
  });
});
