import { useEffect, useState } from 'react';
import type { FoyerError, Template } from '@foyer/api';
import type { ForgotPasswordAttributes } from '@foyer/protocol';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { Loading } from '../../components/Loading';
import type { WidgetProps } from '../widgetProps';
import { useAppDispatch } from '../../store/hooks';
import { loadSchemeTemplate } from './loadTemplate';
import { ForgotPasswordPanel } from './ForgotPasswordPanel';

type State =
  | { status: 'loading' }
  | { status: 'ready'; scheme: string; template: Template }
  | { status: 'error'; error: FoyerError };

/** The forgot-password route: the scheme's identifiers (from its login template), then the panel. */
export default function ForgotPasswordWidget({ attributes }: WidgetProps<ForgotPasswordAttributes>) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void dispatch(loadSchemeTemplate(attributes.authenticationSchemeName)).then((result) => {
      if (live) setState(result.ok ? { status: 'ready', ...result } : { status: 'error', error: result.error });
    });
    return () => {
      live = false;
    };
  }, [dispatch, attributes.authenticationSchemeName]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <ErrorMessageBox error={state.error} showCode />;
  return (
    <ForgotPasswordPanel
      scheme={state.scheme}
      template={state.template}
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
