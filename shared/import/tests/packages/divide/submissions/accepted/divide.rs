use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input.split_whitespace().map(|x| x.parse::<f64>().unwrap());
    let (a, b) = (numbers.next().unwrap(), numbers.next().unwrap());
    // 0 / 0 is NaN, printed so.
    println!("{:.9}", a / b);
}
