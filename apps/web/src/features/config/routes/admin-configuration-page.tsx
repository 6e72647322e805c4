import { Stack } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useAdminConfig } from '../api/get-admin-config';
import { ConfigForm } from '../components/config-form';
import classes from '../components/config-layout.module.css';
import { FormSection } from '../components/form-section';
import { OutgoingEmail } from '../components/outgoing-email';
import { SectionIndex } from '../components/section-index';
import { TestEmailTool } from '../components/test-email-tool';
import { CONFIG_ADMIN_MESSAGES } from '../config-messages';
import { CONFIG_SECTIONS } from '../config-sections';

/**
 * /admin/configuration (docs/product.md §2 Site Configuration): the form, the test e-mail tool, the outgoing e-mail; on a
 * laptop an index of the sections beside them, and the form's save bar always in view.
 */
export default function AdminConfigurationPage() {
  const config = useAdminConfig();

  let content;
  if (config.isPending) {
    content = <PageLoader label="Loading configuration..." />;
  } else if (config.isError) {
    content = (
      <LoadFailedAlert
        title={CONFIG_ADMIN_MESSAGES.loadFailed}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  } else {
    content = (
      <div className={classes.layout}>
        <SectionIndex />
        <Stack gap="lg" miw={0}>
          <ConfigForm config={config.data} />
          <FormSection
            section={CONFIG_SECTIONS.testEmail}
            description="Check that e-mail works: send a test message with the saved settings."
          >
            <TestEmailTool />
          </FormSection>
          <OutgoingEmail />
        </Stack>
      </div>
    );
  }

  return (
    <Stack gap="lg" maw={1180} mx="auto">
      <AdminPageHeader
        title="Site Configuration"
        description="Camp details, registration, payments and e-mail settings."
      />
      {content}
    </Stack>
  );
}
