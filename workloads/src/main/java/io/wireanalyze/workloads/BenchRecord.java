package io.wireanalyze.workloads;

import java.io.Serial;
import java.io.Serializable;
import java.util.Date;
import java.util.Objects;

/**
 * One record of seed 003's coarse-grained call ({@code getObjects(N)}, payload {@code objects:N}): ten fields, four
 * strings of about 40 characters, two dates, a long, an int, a double and a float, as a value object of the time
 * would carry them. A mutable bean with public fields and a no-argument constructor, not a record: JAXB (the SOAP
 * workloads' data binding) binds neither records nor final fields, and Java serialization (JRMP) takes it as it is.
 */
public class BenchRecord implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public String name;
    public String street;
    public String city;
    public String email;
    public Date created;
    public Date modified;
    public long id;
    public int quantity;
    public double amount;
    public float ratio;

    public BenchRecord() {
    }

    /** Record {@code i} of {@link BenchValues#records}: the same values on every protocol. */
    static BenchRecord number(int i) {
        BenchRecord r = new BenchRecord();
        r.name = String.format("Customer %06d of the wireanalyze benchmark", i);
        r.street = String.format("%06d Long Example Street, Building Four", i);
        r.city = String.format("Maribor %06d, Slovenia, European Union", i);
        r.email = String.format("customer.%06d@bench.wireanalyze.io.example", i);
        r.created = new Date(1_100_000_000_000L + i * 1000L);
        r.modified = new Date(1_200_000_000_000L + i * 1000L);
        r.id = 0x0123456789ABCDEFL + i;
        r.quantity = i;
        r.amount = i * 1.25;
        r.ratio = i / 8f;
        return r;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BenchRecord r && id == r.id && quantity == r.quantity && Double.compare(amount, r.amount) == 0
                && Float.compare(ratio, r.ratio) == 0 && Objects.equals(name, r.name) && Objects.equals(street, r.street)
                && Objects.equals(city, r.city) && Objects.equals(email, r.email) && Objects.equals(created, r.created)
                && Objects.equals(modified, r.modified);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, id);
    }
}
