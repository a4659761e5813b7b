/** What every widget component receives: its attributes, already parsed by its schema. */
export interface WidgetProps<A> {
  attributes: A;
}
