// In a language this judge does not build: skipped by name.
fun main() {
    val (a, b) = readLine()!!.split(" ").map { it.toLong() }
    println(if (b == 0L) "nan" else "%.9f".format(a.toDouble() / b))
}
