import type { CSSProperties } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { activityCodeOf } from '../_campaign-kit/activity';
import { OffersView } from './offers-view';
import { RecordsView, ResultView, SubsidyView } from './records-view';
import type { InstallmentOffersProps } from './schema';
import './installment-offers.css';

export default function InstallmentOffers({
  props,
  emit,
}: WidgetComponentProps<InstallmentOffersProps>) {
  const page = usePage();
  const activityCode = activityCodeOf(page, props.activityCode);
  const style = props.accentColor
    ? ({ '--w-inst-custom': props.accentColor } as CSSProperties)
    : undefined;
  const view = {
    offers: <OffersView props={props} activityCode={activityCode} emit={emit} />,
    records: <RecordsView props={props} activityCode={activityCode} />,
    subsidy: <SubsidyView props={props} activityCode={activityCode} />,
    result: <ResultView props={props} activityCode={activityCode} />,
  }[props.view];
  return (
    <section className="w-inst" data-view={props.view} style={style}>
      {props.title ? <h2 className="w-inst__title">{props.title}</h2> : null}
      {view}
    </section>
  );
}
