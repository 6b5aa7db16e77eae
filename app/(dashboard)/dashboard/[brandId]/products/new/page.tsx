import { newInGroupPage } from "../../product-groups/_components/new-in-group";
import { ProductForm } from "../_components/product-form";

export const metadata = { title: "New product · Recurring Billing" };

export default newInGroupPage({
  list: "products",
  listTitle: "Products",
  title: "New product",
  needs: "A product belongs to a product group.",
  form: (props) => <ProductForm {...props} />,
});
