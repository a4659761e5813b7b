import type { ForgotPasswordAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../ui/ErrorMessageBox';
import { Loading } from '../../ui/Loading';
import type { WidgetProps } from '../../app/widgetProps';
import { useRequest } from '../../app/store/useRequest';
import { loginTemplateRequest } from '../../ui/form/loginTemplate';
import { ForgotPasswordPanel } from '../../features/identity/ForgotPasswordPanel';

/** The forgot-password route: the scheme's identifiers (from its login template), then the panel. */
export default function ForgotPasswordWidget({ attributes }: WidgetProps<ForgotPasswordAttributes>) {
  const request = useRequest(loginTemplateRequest, attributes.authenticationSchemeName);

  if (request.status === 'failed') return <ErrorMessageBox error={request.error} showCode />;
  if (request.status !== 'succeeded') return <Loading />;
  return (
    <ForgotPasswordPanel
      scheme={request.data.scheme}
      template={request.data.template}
      showHeader={attributes.showHeader}
      title={attributes.title}
      showLabels={attributes.showLabels}
      showErrorMsgs={attributes.showErrorMsgs}
      showCancel={attributes.showCancel}
      submitLabel={attributes.submitLabel}
      alignment={attributes.alignment}
    />
  );
}
