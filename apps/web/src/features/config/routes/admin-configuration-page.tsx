import { Paper, Stack, Text, Title } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { useAdminConfig } from '../api/get-admin-config';
import { ConfigForm } from '../components/config-form';
import { OutgoingEmail } from '../components/outgoing-email';
import { TestEmailTool } from '../components/test-email-tool';
import { CONFIG_ADMIN_MESSAGES } from '../config-messages';

/** /admin/configuration (spec §2 Site Configuration): the form, the test e-mail tool, the outgoing e-mail. */
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
      <>
        <ConfigForm config={config.data} />
        <Paper
          component="section"
          aria-labelledby="test-email-heading"
          withBorder
          radius="lg"
          shadow="xs"
          p={{ base: 'md', sm: 'xl' }}
        >
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={3} size="h4" id="test-email-heading">
                Test Email
              </Title>
              <Text size="sm" c="dimmed">
                Check that e-mail works: send a test message with the saved settings.
              </Text>
            </Stack>
            <TestEmailTool />
          </Stack>
        </Paper>
        <OutgoingEmail />
      </>
    );
  }

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <AdminPageHeader
        title="Site Configuration"
        description="Camp details, registration, payments and e-mail settings."
      />
      {content}
    </Stack>
  );
}
