import { newInGroupPage } from "../../product-groups/_components/new-in-group";
import { ComponentForm } from "../_components/component-form";

export const metadata = { title: "New component · Recurring Billing" };

export default newInGroupPage({
  list: "components",
  listTitle: "Components",
  title: "New component",
  needs: "A component belongs to a product group.",
  form: (props) => <ComponentForm {...props} />,
});
