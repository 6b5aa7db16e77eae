import { newInGroupPage } from "../../product-groups/_components/new-in-group";
import { RuleForm } from "../_components/rule-form";

export const metadata = { title: "New dunning rule · Recurring Billing" };

export default newInGroupPage({
  list: "dunning-rules",
  listTitle: "Dunning rules",
  title: "New dunning rule",
  needs: "A dunning rule watches a product group.",
  form: (props) => <RuleForm {...props} />,
});
