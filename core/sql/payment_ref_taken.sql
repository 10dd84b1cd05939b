-- One payment reference settles one order: taken when another order already carries it.
CREATE OR REPLACE FUNCTION payment_ref_taken(p_method text, p_ref text, p_order_id uuid) RETURNS boolean
	LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT EXISTS (SELECT 1 FROM orders x WHERE x.payment_method = p_method AND x.payment_ref = p_ref AND x.id <> p_order_id)
$$;
