//! The shop: one checkout every `order-every-s` from 20:50 until the end. Each order is written
//! `pending` (holding its copy: `stock - 1`) before the provider is asked; a checkout the provider
//! answers is marked `paid`, one that times out stays pending for the sweeper.

use crate::clock::Story;

pub struct Shop {
    pub story: Story,
    pub pg: String,
    pub schema: String,
    pub provider: String,
    pub order_every_s: u32,
    pub end_s: f64,
}

impl Shop {
    /// Runs the evening's checkouts on a thread of their own.
    pub fn start(self) -> std::thread::JoinHandle<Result<(), String>> {
        std::thread::spawn(move || self.checkouts())
    }

    fn checkouts(&self) -> Result<(), String> {
        let mut c = crate::store::postgres(&self.pg, Some(&self.schema))?;
        let mut n = 0u32;
        loop {
            let t = f64::from(n * self.order_every_s);
            if t > self.end_s {
                return Ok(());
            }
            self.story.sleep_until(t + super::ORDER);
            let mut tx = c.transaction().map_err(|e| crate::store::why(&e))?;
            let id: i64 = tx.query_one("insert into orders (n) values ($1) returning id", &[&(n as i32)]).map_err(|e| format!("a checkout: {}", crate::store::why(&e)))?.get(0);
            tx.execute("update books set stock = stock - 1 where id = 1", &[]).map_err(|e| format!("a checkout: {}", crate::store::why(&e)))?;
            tx.commit().map_err(|e| crate::store::why(&e))?;
            // The provider's word decides (a late reply on a busy machine changes nothing); the
            // deadline is only a backstop.
            let deadline = self.story.at(t + super::ORDER + 5.0).max(crate::clock::mono_ns() + 2_000_000_000);
            if super::provider::get(&self.provider, &format!("/checkout?n={n}"), deadline).as_deref() == Some("charged") {
                c.execute("update orders set status = 'paid' where id = $1", &[&id]).map_err(|e| format!("a payment: {}", crate::store::why(&e)))?;
            }
            n += 1;
        }
    }
}
